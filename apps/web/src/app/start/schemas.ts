// main.tsx evaluates the app's code a piece per task after the password; these modules are the pieces of
// @dwellscape/shared. Each names one export it needs: a dynamic import of the package itself would keep every
// export the package has in the build, used or not (and some, like the server's reserved usernames, must not ship).
export { userSchema } from '@dwellscape/shared/schemas';

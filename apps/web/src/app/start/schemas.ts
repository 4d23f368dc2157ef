// main.tsx evaluates the API's schemas in a task of their own after the password, between the libraries and the app
// (building zod schemas is a good part of the app's start on a phone). This module names the exports the app starts
// with: a dynamic import of the package itself would keep every export the package has in the build, used or not
// (and some, like the server's reserved usernames, must not ship).
export { userSchema } from '@dwellscape/shared/schemas';
export { designSchema } from '@dwellscape/shared/design-schemas';
export { renderJobSchema } from '@dwellscape/shared/render-schemas';
export { contracts } from '@dwellscape/shared';

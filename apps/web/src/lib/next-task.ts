/**
 * A macrotask: the browser may paint and handle input before the next step. The app's start after the password
 * (main.tsx, app/app.tsx) evaluates its code one piece per task this way, so no task blocks a phone for long
 * (bench/README.md: total blocking time).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

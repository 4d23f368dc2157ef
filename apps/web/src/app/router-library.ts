/**
 * React Router alone, for app.tsx to evaluate its chunk in a task of its own before the router's module. (A
 * dynamic import of 'react-router' itself would keep every export it has, as the whole module would be asked for.)
 */
export { createBrowserRouter } from 'react-router';

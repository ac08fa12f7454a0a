/**
 * Pathless layout around every page, holding the pages' error boundary. React Router renders
 * the root as `<Layout><App/></Layout>` or, when the root's boundary shows an error,
 * `<Layout><ErrorBoundary/></Layout>`: a switch between the two remounts the whole document
 * tree (notifications, the session, live connections) and reruns the app-start auth refresh.
 * Caught here, a page's error (a 403, a 404, a failed chunk) renders inside the shell while
 * the root stays as it is.
 */
import { Outlet } from "react-router";
import { RouteErrorPage } from "../components/error-page.tsx";

/** The matched page. */
export default function Pages() {
  return <Outlet />;
}

/** A page's error: the error page, inside the shell. */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}

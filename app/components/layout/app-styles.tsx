/**
 * The app's stylesheet, inlined in the document (ADR 050): the first response of a page
 * holds everything that paints it (the whole of `app.css` is small enough), so the first
 * screen needs no second request. The server's entry reads the built file and provides its
 * text (`InlineStylesContext`); in the browser, the element keeps the text the server wrote
 * (read back from the document, so hydration sees the same markup and client-side navigations
 * keep it). Without the text (a render that could not read the build), the stylesheet is
 * linked instead.
 */
import { createContext, useContext, useState } from "react";

/** The element's id, by which the browser reads back the server's text. */
export const APP_STYLES_ID = "app-styles";

/** The inlined stylesheet's text, provided by the server's entry; absent in the browser. */
export const InlineStylesContext = createContext<string | null>(null);

/** The stylesheet the server wrote into the document, in the browser. */
function documentStyles(): string | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(APP_STYLES_ID);
  return element instanceof HTMLStyleElement ? element.textContent : null;
}

/** `<style>` with the app's CSS, or a `<link>` to `href` when its text is not at hand. */
export function AppStyles({ href }: { href: string }) {
  const provided = useContext(InlineStylesContext);
  const [text] = useState(() => provided ?? documentStyles());
  if (text === null) return <link rel="stylesheet" href={href} />;
  // The build's own CSS (ours, never user input); CSP allows inline styles (ADR 018).
  return <style id={APP_STYLES_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}

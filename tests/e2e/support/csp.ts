/**
 * Watching a browser context for Content-Security-Policy violations (issue 5 item 6): every
 * `securitypolicyviolation` event of every document, from its first byte, and every CSP error
 * the console prints.
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records violations in every document of `context`; answers the CSP console errors seen. */
export async function watchCsp(context: BrowserContext): Promise<string[]> {
  const consoleErrors: string[] = [];
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${String(event.lineNumber)})`,
      );
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (/content.security.policy|refused to (load|execute|apply|connect|frame)/i.test(text)) {
      consoleErrors.push(`${message.type()}: ${text}`);
    }
  });
  return consoleErrors;
}

/** The violations of the page's current document. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

/**
 * No violation in the current document and no CSP console error since the last check (the
 * errors checked are taken off the list); soft, so a walk reports every page.
 */
export async function expectCspClean(
  page: Page,
  consoleErrors: string[],
  when: string,
): Promise<void> {
  expect.soft(await cspViolations(page), `${when}: securitypolicyviolation events`).toEqual([]);
  expect.soft(consoleErrors.splice(0), `${when}: CSP console errors`).toEqual([]);
}

/**
 * The shape of the privacy policy, shared by its English and French texts
 * (`privacy-policy.{en,fr}.tsx`), and the small blocks they are written with. Both languages
 * must give every section of {@link PRIVACY_SECTIONS}, so neither can fall behind silently.
 */
import type { ReactNode } from "react";

/** The day the policy last changed (ISO date), shown through `Intl` in the reader's language. */
export const PRIVACY_POLICY_UPDATED = "2026-11-25";

/** The sections of the policy, in reading order; each is also the fragment of its heading. */
export const PRIVACY_SECTIONS = [
  "operator",
  "data",
  "purposes",
  "visibility",
  "browser",
  "sharing",
  "retention",
  "rights",
  "security",
  "changes",
] as const;

/** One section's id. */
export type PrivacySectionId = (typeof PRIVACY_SECTIONS)[number];

/** The text of the policy in one language. */
export interface PrivacyPolicyText {
  /** The opening paragraph(s), before the first section. */
  summary: ReactNode;
  /** Every section: its heading and its body. */
  sections: Record<PrivacySectionId, { title: string; body: ReactNode }>;
}

/** One thing the instance keeps in the browser: its name, kind, purpose and lifetime. */
export interface BrowserStorageItem {
  name: string;
  kind: string;
  purpose: ReactNode;
  lifetime: string;
}

/** The browser storage of the instance: one card per item, fitting narrow screens. */
export function BrowserStorageList(props: {
  items: readonly BrowserStorageItem[];
  labels: { kind: string; purpose: string; lifetime: string };
}) {
  return (
    <ul className="not-prose my-6 grid gap-4">
      {props.items.map((item) => (
        <li key={item.name} className="rounded border border-stone-200 bg-white p-4">
          <p className="font-mono text-base font-semibold text-stone-900">{item.name}</p>
          <dl className="mt-2 grid gap-1 text-stone-800 sm:grid-cols-[8rem_1fr] sm:gap-x-4">
            <dt className="font-semibold text-stone-700">{props.labels.kind}</dt>
            <dd>{item.kind}</dd>
            <dt className="font-semibold text-stone-700">{props.labels.purpose}</dt>
            <dd>{item.purpose}</dd>
            <dt className="font-semibold text-stone-700">{props.labels.lifetime}</dt>
            <dd>{item.lifetime}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

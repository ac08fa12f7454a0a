/**
 * English messages of the site's identity in `/admin/settings` (ADR 069): its description and
 * footer line per language, accent colour, custom style sheet, icon and social image. Not in
 * the shared catalog (`index.ts`): only the admin page uses them (`features/site-identity/texts.ts`).
 */
const siteIdentity = {
  texts: {
    title: "Description and footer",
    intro:
      "How the site presents itself: the description is shown to search engines, link previews, feeds and the app manifest; the footer line closes every page and the emails readers get. One per language; an empty one shows the other language's.",
    description: { en: "Description (English)", fr: "Description (French)" },
    footer: { en: "Footer line (English)", fr: "Footer line (French)" },
    descriptionHint: "At most {{max}} characters.",
    save: "Save texts",
    saving: "Saving…",
    saved: "The description and footer are saved.",
  },
  accent: {
    title: "Accent colour",
    intro:
      "The colour of links, buttons and highlights, in place of Cahier's amber. It must be readable: WCAG AA asks for a contrast of at least 4.5:1 as text on the light page and under white button text. The dark theme uses a lighter shade of it, computed to be readable there.",
    label: "Accent colour (#rrggbb)",
    picker: "Pick the accent colour",
    hint: "Leave empty for Cahier's amber.",
    verdictOk:
      "Readable: {{onPage}}:1 on the page, {{underWhite}}:1 under white text. Dark theme shade: {{dark}}.",
    verdictLow:
      "Too light: {{onPage}}:1 on the page and {{underWhite}}:1 under white text; at least 4.5:1 is needed.",
    verdictInvalid: "Write the colour as # and six hexadecimal digits, like #1d4ed8.",
    preview: "Button",
    previewLink: "A link in the accent colour",
    save: "Save colour",
    saved: "The accent colour is saved.",
  },
  css: {
    title: "Custom style sheet",
    intro:
      "CSS added after Cahier's on every page, in both themes. One sheet: no @import; addresses in url() may point to this site, data: or https: images (fonts: this site or data: only).",
    label: "CSS",
    size: "{{size}} of {{max}} KB",
    save: "Save style sheet",
    saved: "The style sheet is saved; pages use it now.",
  },
  images: {
    iconTitle: "Icon and logo",
    iconIntro:
      "One square image (at least 192×192 pixels; PNG, JPEG, WebP, AVIF, GIF or SVG, up to 5 MB) becomes the header's logo, the browser tab's icon, the home-screen icon and the app manifest's icons.",
    iconLabel: "Icon image",
    iconPreview: "The current icon",
    socialTitle: "Social image",
    socialIntro:
      "Shown by link previews of pages without a cover (1200×630 pixels, cropped to fill; at least 200 pixels a side).",
    socialLabel: "Social image",
    socialPreview: "The current social image",
    socialNone: "No social image: link previews show none.",
    upload: "Upload",
    uploading: "Uploading…",
    reset: "Back to the default",
    resetSocial: "Remove",
    uploaded: "The image is saved.",
    removed: "The default is back.",
  },
  navigation: {
    title: "Navigation links",
    intro:
      "Links of your own in every page's header, after Cahier's, in the reader's language: a page of this site (a path starting with /, like /about) or another site (a full https address). Pages you show in the navigation follow them.",
    linksEn: "English links",
    linksFr: "French links",
    none: "No links yet.",
    label: "Label of link {{n}}",
    url: "Address of link {{n}}",
    urlHint: "/about, or a full https address",
    moveUp: "Move link {{n}} up",
    moveDown: "Move link {{n}} down",
    remove: "Remove link {{n}}",
    addEn: "Add an English link",
    addFr: "Add a French link",
    full: "At most {{max}} links per language.",
    save: "Save links",
    saved: "The navigation links are saved.",
  },
  errors: {
    validation_invalid_navigation: "The links could not be read; reload the page and try again.",
    validation_too_many_links: "At most 12 links per language.",
    validation_invalid_link_label: "Every link needs a label of 1 to 40 characters.",
    validation_invalid_link_url:
      "Every address must be a path on this site starting with a single / (like /about) or a full http or https address.",
    validation_accent_contrast:
      "Too light: {{onPage}}:1 on the page and {{underWhite}}:1 under white text; WCAG AA asks for at least 4.5:1. Choose a darker colour.",
    validation_css_too_large: "The style sheet is over 50 KB.",
    validation_css_syntax: "The style sheet does not parse.",
    validation_css_import: "@import is not allowed: the custom style sheet is one sheet.",
    validation_css_url:
      "An address in url() would be blocked by the page's security policy: use this site's (/…), data: or https: images.",
    validation_invalid_image: "This file is not an image.",
    validation_invalid_mime_type: "Upload a PNG, JPEG, WebP, AVIF, GIF or SVG image.",
    validation_image_too_small: "The image is too small.",
    validation_required: "Choose an image first.",
    tooLarge: "The file is over 5 MB.",
  },
};

export default siteIdentity;

/**
 * A QR code drawn as inline SVG from the module matrix of `qrcode` (loaded when a QR code is
 * first shown, so no other page carries it). No `innerHTML`, no inline style, no data URL:
 * nothing the page's CSP would have to allow. Black on white with a quiet zone of 4 modules,
 * as scanners expect, whatever the page's colours.
 */
import { useEffect, useState } from "react";

const QUIET_ZONE = 4;

/** The SVG path of the dark modules of `text`, and the matrix size with its quiet zone. */
async function qrPath(text: string): Promise<{ d: string; size: number }> {
  const { create } = await import("qrcode");
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  let d = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { d, size: modules.size + 2 * QUIET_ZONE };
}

/** The QR code of `text`, named `label` for assistive technologies. */
export function QrCode(props: { text: string; label: string; loadingLabel: string }) {
  const [drawn, setDrawn] = useState<{ text: string; d: string; size: number } | null>(null);

  useEffect(() => {
    let active = true;
    qrPath(props.text)
      .then((path) => {
        if (active) setDrawn({ text: props.text, ...path });
      })
      .catch((error: unknown) => {
        console.error("QR code failed", error);
      });
    return () => {
      active = false;
    };
  }, [props.text]);

  if (!drawn || drawn.text !== props.text) {
    return (
      <p role="status" className="size-48 content-center text-center text-sm text-stone-600">
        {props.loadingLabel}
      </p>
    );
  }
  return (
    <svg
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${String(drawn.size)} ${String(drawn.size)}`}
      shapeRendering="crispEdges"
      className="size-48 rounded border border-stone-300"
      data-testid="totp-qr"
    >
      <rect width={drawn.size} height={drawn.size} fill="#ffffff" />
      <path d={drawn.d} fill="#000000" />
    </svg>
  );
}

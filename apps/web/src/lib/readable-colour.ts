// A user-chosen colour (a tag's) as text that stays readable (WCAG AA): antd's coloured Tag writes its text
// in the colour on the same hue at 95% lightness, and a light colour (gold, cyan, lime) there is far under
// the 4.5:1 that text needs. The hue and saturation stay, so the tint behind the text does not change.

type Hsl = { h: number; s: number; l: number };

const AA_TEXT = 4.5;
const TINT_LIGHTNESS = 0.95;
// Black, not the app's #10231a: on a mid colour only black or white reaches 4.5:1 (one always does).
const DARK_TEXT = '#000000';

function hexToRgb(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function rgbToHsl([r, g, b]: readonly number[]): Hsl {
  const [rn, gn, bn] = [r! / 255, g! / 255, b! / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h / 6, s, l };
}

function hslToRgb({ h, s, l }: Hsl): [number, number, number] {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two colours given as `#rrggbb`. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(hexToRgb(a) ?? [0, 0, 0]), luminance(hexToRgb(b) ?? [0, 0, 0])];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `colour` darkened (same hue and saturation) until it reads at 4.5:1 on its own 95% tint, which also
 * makes white text on it readable; a colour that already does, or is not `#rrggbb`, comes back as it is.
 */
export function readableColour(colour: string): string {
  const rgb = hexToRgb(colour);
  if (!rgb) return colour;
  const hsl = rgbToHsl(rgb);
  const tint = rgbToHex(hslToRgb({ ...hsl, l: TINT_LIGHTNESS }));
  let candidate = colour;
  for (let l = hsl.l; contrastRatio(candidate, tint) < AA_TEXT && l > 0; l -= 0.01) {
    candidate = rgbToHex(hslToRgb({ ...hsl, l }));
  }
  return candidate;
}

/** White or black, whichever reads better as text on `background` (`#rrggbb`). */
export function textColourOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio(DARK_TEXT, background) ? '#ffffff' : DARK_TEXT;
}

/** The project's colour as a small dot; decorative, the name beside it says the same. */
export function ProjectDot({ color }: { color: string | null }) {
  // Colours come from the service: only a plain hex colour is used. Preact sets it through the
  // CSSOM, which the CSP (style-src 'self', no inline styles) allows.
  const safe = color && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : undefined;
  return <span class="dot" aria-hidden="true" style={safe ? { '--dot': safe } : undefined} />;
}

import type { ProjectView } from '../../common/snapshot';
import { projectColorLook } from '../../common/projectColor';

/**
 * The project's colour as a small dot; decorative, the name beside it says the same. A missing or
 * invalid colour is grey; a colour too close to the theme's background is ringed (ringClasses).
 */
export function ProjectDot({ color }: { color: string | null }) {
  const look = projectColorLook(color);
  // Preact sets the colour through the CSSOM, which the CSP (style-src 'self', no inline styles) allows.
  return (
    <span
      class={`dot${ringClasses(look.ring)}`}
      aria-hidden="true"
      style={look.color ? { '--dot': look.color } : undefined}
    />
  );
}

/** ' ring-light' and/or ' ring-dark': the themes in which the colour needs its ring (styles.css). */
export const ringClasses = (ring: { light: boolean; dark: boolean }): string =>
  `${ring.light ? ' ring-light' : ''}${ring.dark ? ' ring-dark' : ''}`;

/** An entry's project colour: its project by id where known, else by name; null (grey) for one not read yet. */
export function projectColorOf(
  entry: { projectId?: number | null; projectName: string | null },
  projects: readonly ProjectView[],
): string | null {
  const project = entry.projectId
    ? projects.find((p) => p.id === entry.projectId)
    : projects.find((p) => p.name === entry.projectName);
  return project?.color ?? null;
}

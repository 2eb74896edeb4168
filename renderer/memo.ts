// memo() for the window's heavy rows: a component that renders again only when a prop changed
// (by identity, one level deep). With the snapshot's unchanged parts kept as the same objects
// (keepUnchanged.ts), an entry's row or a day's list that did not change is skipped. The same as
// preact/compat's memo, without compat's global changes to how Preact treats elements.

import { type Component, type FunctionComponent, h } from 'preact';

export function memo<P extends object>(Inner: FunctionComponent<P>): FunctionComponent<P> {
  function Memo(this: Component<P>, props: P) {
    this.shouldComponentUpdate = (next: P) => propsDiffer(this.props, next);
    return h(Inner as FunctionComponent<object>, props);
  }
  Memo.displayName = `Memo(${Inner.displayName ?? Inner.name})`;
  return Memo as FunctionComponent<P>;
}

function propsDiffer(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (key !== '__source' && !(key in y)) return true;
  for (const key in y) if (key !== '__source' && x[key] !== y[key]) return true;
  return false;
}

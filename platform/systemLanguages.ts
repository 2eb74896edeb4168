// The system's preferred languages where there is no Electron to ask (the web host before a page
// says its own, the `stint` command, tests): STINT_LOCALE first (tests pick a language, the
// pseudo-locale among them), then the first of POSIX's LC_ALL, LC_MESSAGES and LANG that is set
// (the one that takes effect: LC_ALL=C means untranslated, English, whatever LANG says), then
// what Intl was started with.

export function systemLanguages(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env === process.env) return (ofProcess ??= languagesIn(env));
  return languagesIn(env);
}

/** The process's own, read once: every snapshot a lone core derives asks (an Intl formatter costs). */
let ofProcess: string[] | undefined;

function languagesIn(env: NodeJS.ProcessEnv): string[] {
  const forced = env.STINT_LOCALE ? [env.STINT_LOCALE] : [];
  const posix = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((tag) => typeof tag === 'string' && tag !== '');
  if (posix === 'C' || posix === 'POSIX' || posix?.startsWith('C.')) return [...forced, 'en'];
  return [...forced, ...(posix ? [posix] : []), new Intl.DateTimeFormat().resolvedOptions().locale];
}

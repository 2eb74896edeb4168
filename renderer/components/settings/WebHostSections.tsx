// What Settings says on the web host in place of the sections only the desktop app can honour:
// a browser tab hears keys only while it has the focus, and has no way to read the time away
// from the system (the desktop app reads it from the session; main/shell/idle.ts).

export function WebHostShortcuts() {
  return (
    <section class="panel" aria-labelledby="settings-shortcuts" data-testid="shortcuts-web-host">
      <h2 id="settings-shortcuts">Shortcuts</h2>
      <p class="hint">
        Global shortcuts need the desktop app: this page is served by the web host, and a browser hears keys only in its
        own tab. Here, <kbd>/</kbd> puts the cursor in quick entry; from a terminal, <code>stint toggle</code> starts or
        pauses the last timer.
      </p>
    </section>
  );
}

export function WebHostIdle() {
  return (
    <section class="panel" aria-labelledby="settings-idle" data-testid="idle-web-host">
      <h2 id="settings-idle">Idle time</h2>
      <p class="hint">
        The web host cannot tell when you are away from the computer, so it never asks about time away; the desktop app
        does.
      </p>
    </section>
  );
}

// Saves text as a file the user downloads: a Blob behind a link with `download`, which works in
// Electron's sandboxed renderer (its download goes to the save dialog or Downloads) and in the
// web host's page alike, with no file access of its own.

export function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

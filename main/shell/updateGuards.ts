// What electron-updater does not check by itself, added to its updater object: every request it
// makes (the feed, the file, each redirect) is https: or refused; and on Linux, where nothing
// checks who built a file (the AppImage is run, the deb goes to `pkexec dpkg -i`), the download is
// installed only if its detached signature (`<file>.sig` on the same feed) is the release key's
// (main/core/desktop/updates/signature.ts). Windows and macOS check the publisher's code signature
// themselves (electron-updater's Authenticode check against app-update.yml's publisherName;
// Squirrel.Mac against the running app's designated requirement).
//
// electron-updater offers no hook before a Linux install, so this wraps three of its methods on
// the one updater object: the HTTP executor's doApiRequest and doDownload (every hop of a request,
// a redirect included, as Electron's 'redirect' event or a Location header, comes through one of
// them), and the updater's executeDownload (its task: the download, then the signature, before the
// file is renamed into place and 'update-downloaded' told; a refusal there removes the file) and
// install (the signature checked again just before anything runs, as the file may be one an earlier
// run downloaded).

import type { AppUpdater } from 'electron-updater';
import { readFileSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UPDATE_REFUSALS } from '../core/desktop/updates/policy';
import { signedByRelease } from '../core/desktop/updates/signature';

interface RequestOptions {
  protocol?: string | null;
  hostname?: string | null;
  headers?: Record<string, string> | null;
}
type Cancellation = unknown;
interface Executor {
  doApiRequest(options: RequestOptions, ...rest: unknown[]): Promise<unknown>;
  doDownload(options: RequestOptions, task: { callback(error: Error | null): void }, redirectCount: number): void;
  downloadToBuffer(
    url: URL,
    options: { headers?: RequestOptions['headers']; cancellationToken: Cancellation },
  ): Promise<Buffer>;
}
interface DownloadOptions {
  headers?: RequestOptions['headers'];
  cancellationToken: Cancellation;
}
interface DownloadTask {
  fileExtension: string;
  fileInfo: { url: URL; info: { url: string } };
  task(file: string, options: DownloadOptions, ...rest: unknown[]): Promise<unknown>;
}
/** The parts of electron-updater's updater (BaseUpdater) wrapped here; protected in its types. */
interface UpdaterInternals {
  httpExecutor: Executor;
  downloadedUpdateHelper: { file: string | null } | null;
  /** Set once an install ran; electron-updater then ignores further calls. */
  quitAndInstallCalled: boolean;
  executeDownload(task: DownloadTask): Promise<unknown>;
  install(isSilent?: boolean, isForceRunAfter?: boolean): boolean;
  dispatchError(error: Error): void;
}

/** The wrapped methods, checked first: an electron-updater without them gets no updates rather than unguarded ones. */
function guardable(internals: UpdaterInternals): void {
  const executor = internals.httpExecutor;
  const methods = [
    executor?.doApiRequest,
    executor?.doDownload,
    executor?.downloadToBuffer,
    internals.executeDownload,
    internals.install,
  ];
  if (methods.some((method) => typeof method !== 'function'))
    throw new Error('This electron-updater cannot be guarded (its internals changed): updates are off');
}

const refusal = (code: string, message: string): Error & { code: string } =>
  Object.assign(new Error(message), { code });

/** Refuses every request electron-updater makes that is not https:, a redirect's included, calmly (an error, never a throw). */
export function httpsOnly(updater: AppUpdater): void {
  guardable(updater as unknown as UpdaterInternals);
  const executor = (updater as unknown as UpdaterInternals).httpExecutor;
  const refused = (options: RequestOptions) =>
    refusal(
      UPDATE_REFUSALS.notHttps,
      `Refused a ${options.protocol ?? 'no-scheme'} request to ${options.hostname}: updates come over https only`,
    );
  const apiRequest = executor.doApiRequest.bind(executor);
  executor.doApiRequest = (options, ...rest) =>
    options.protocol === 'https:' ? apiRequest(options, ...rest) : Promise.reject(refused(options));
  const download = executor.doDownload.bind(executor);
  executor.doDownload = (options, task, redirectCount) => {
    if (options.protocol === 'https:') download(options, task, redirectCount);
    else task.callback(refused(options));
  };
}

/** The name electron-updater gives the downloaded file in its cache (AppUpdater.executeDownload's). */
function cachedFileName(task: DownloadTask): string {
  const urlPath = decodeURIComponent(task.fileInfo.url.pathname);
  return urlPath.toLowerCase().endsWith(`.${task.fileExtension.toLowerCase()}`)
    ? basename(urlPath)
    : basename(task.fileInfo.info.url);
}

/** `<file>.sig` from the feed, beside the file; none published (404) is a refusal, other failures as they came. */
async function fetchSignature(executor: Executor, fileUrl: URL, options: DownloadOptions): Promise<Buffer> {
  const url = new URL(fileUrl.href);
  url.pathname += '.sig';
  try {
    return await executor.downloadToBuffer(url, {
      headers: options.headers,
      cancellationToken: options.cancellationToken,
    });
  } catch (error) {
    // electron-updater says a refused download's status only in its message ("…, status 404: Not Found").
    if (/status (404|410)\b/.test((error as Error).message))
      throw refusal(UPDATE_REFUSALS.unsigned, `No signature was published at ${url.href}`);
    throw error;
  }
}

/** Whether the file and the signature kept beside it (`<file>.sig`) are the release key's; false if either is missing. */
function stillSigned(file: string, publicKeyPem: string): boolean {
  try {
    return signedByRelease(readFileSync(file), readFileSync(`${file}.sig`), publicKeyPem);
  } catch {
    return false;
  }
}

/**
 * Linux: a download is kept only once its signature verified (else electron-updater removes it and
 * reports the refusal as its error), and installed only if it still verifies then.
 */
export function requireReleaseSignature(updater: AppUpdater, publicKeyPem: string): void {
  const internals = updater as unknown as UpdaterInternals;
  const executeDownload = internals.executeDownload.bind(updater);
  internals.executeDownload = (download) =>
    executeDownload({
      ...download,
      async task(file, options, ...rest) {
        await download.task(file, options, ...rest);
        const signature = await fetchSignature(internals.httpExecutor, download.fileInfo.url, options);
        if (!signedByRelease(await readFile(file), signature, publicKeyPem))
          throw refusal(
            UPDATE_REFUSALS.badSignature,
            `The signature of ${download.fileInfo.url.href} is not the release key's`,
          );
        // Kept for the check at install, which may come in a later run (electron-updater keeps the file).
        await writeFile(join(dirname(file), `${cachedFileName(download)}.sig`), signature);
      },
    });
  const install = internals.install.bind(updater);
  internals.install = (isSilent, isForceRunAfter) => {
    const file = internals.downloadedUpdateHelper?.file;
    if (file && !internals.quitAndInstallCalled && !stillSigned(file, publicKeyPem)) {
      rmSync(file, { force: true });
      rmSync(`${file}.sig`, { force: true });
      internals.dispatchError(refusal(UPDATE_REFUSALS.badSignature, `${file} is not signed by the release key`));
      return false;
    }
    return install(isSilent, isForceRunAfter);
  };
}

// The web host hands each page its first snapshot inside the HTML, so the window renders before
// its socket opens. What the user typed travels in it: it must come back as data, whole, and
// never end the block or turn into markup.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_SNAPSHOT_ID } from '../../../common/channels';
import { openEmbeddedAccount, type EmbeddedAccount } from '../../../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../../../main/core/embedded/keychain';
import { SECRET_PARAM, secretCookieName, startWebHost, type WebHost } from '../../../web/host';
import { buildRendererAssets } from '../../../web/rendererBundle';
import { makeTempDir } from '../../support/tempDir';
import { must } from '../core/harness';

let dataDir: string;
let account: EmbeddedAccount;
let host: WebHost;
beforeAll(async () => {
  dataDir = makeTempDir('stint-initial-');
  account = await openEmbeddedAccount({ dataDir, secrets: createSessionSecrets() });
  host = await startWebHost({ core: account.core, assets: await buildRendererAssets() });
});
afterAll(async () => {
  await host?.close();
  await account?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the page the web host serves', () => {
  it('carries the current snapshot as inert data, the user’s text intact', async () => {
    const hostile = 'notes </script><script>alert(1)</script> $& $1 <!-- -->';
    await must(account.core.handlers.quickEntry({ text: `0:20 ${hostile}` }));
    // As a browser asks for it after opening the printed address: with the secret's cookie.
    const cookie = `${secretCookieName(Number(new URL(host.url).port))}=${new URL(host.openUrl).searchParams.get(SECRET_PARAM)}`;
    const html = await (await fetch(host.url, { headers: { Cookie: cookie } })).text();

    const blocks = [
      ...html.matchAll(new RegExp(`<script type="application/json" id="${INITIAL_SNAPSHOT_ID}">([^<]*)</script>`, 'g')),
    ];
    expect(blocks).toHaveLength(1);
    const snapshot = JSON.parse(blocks[0]![1]!);
    expect(snapshot.today.entries.map((e: { description: string }) => e.description)).toContain(hostile);
    expect(snapshot.account).toEqual(account.core.getSnapshot().account);
    // The only scripts are the bundle and the data block; the user's text added none.
    expect(html.match(/<script/g)).toHaveLength(2);
  });
});

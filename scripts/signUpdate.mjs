// Signs a release's Linux files for the app's own updates: writes `<file>.sig` (the ed25519
// signature of the file's bytes, base64) beside each file, to be uploaded to the feed with it. The
// app installs a Linux update only if its .sig verifies against the public key built into it
// (main/core/desktop/updates/releaseKey.ts). The private key never enters the repository: it is
// read from the file STINT_RELEASE_KEY_FILE names, or from STINT_RELEASE_KEY itself (a CI secret).
//
//   node scripts/signUpdate.mjs --new-key <private-key-file>   a new pair: the private key written
//        (mode 600, never overwritten), the public key printed for releaseKey.ts
//   STINT_RELEASE_KEY_FILE=<private-key-file> node scripts/signUpdate.mjs out/Stint-1.2.0.AppImage out/stint_1.2.0_amd64.deb
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/** The private key (PEM, PKCS#8) as Node's KeyObject, refused unless ed25519. */
export function releasePrivateKey(pem) {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`The release key must be ed25519, not ${key.asymmetricKeyType}`);
  return key;
}

/** The base64 text of the file's ed25519 signature, as `<file>.sig` holds it. */
export function signatureOf(bytes, privateKeyPem) {
  return `${sign(null, bytes, releasePrivateKey(privateKeyPem)).toString('base64')}\n`;
}

/** Writes `<file>.sig` beside the file, after checking it verifies (a wrong key file is caught here, not by users). */
export function signFile(file, privateKeyPem) {
  const bytes = readFileSync(file);
  const signature = signatureOf(bytes, privateKeyPem);
  const publicKey = createPublicKey(releasePrivateKey(privateKeyPem));
  if (!verify(null, bytes, publicKey, Buffer.from(signature, 'base64')))
    throw new Error(`${file}: the signature does not verify`);
  writeFileSync(`${file}.sig`, signature);
  return `${file}.sig`;
}

/** A new release key pair: the private key to keep (PKCS#8 PEM), the public one for releaseKey.ts (SPKI PEM). */
export function newReleaseKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function privateKeyFromEnvironment() {
  if (process.env.STINT_RELEASE_KEY) return process.env.STINT_RELEASE_KEY;
  if (process.env.STINT_RELEASE_KEY_FILE) return readFileSync(process.env.STINT_RELEASE_KEY_FILE, 'utf8');
  throw new Error('Name the release private key: STINT_RELEASE_KEY_FILE=<file> (or STINT_RELEASE_KEY=<PEM>)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [first, ...rest] = process.argv.slice(2);
  if (first === '--new-key') {
    if (!rest[0]) throw new Error('Usage: node scripts/signUpdate.mjs --new-key <private-key-file>');
    const { privateKeyPem, publicKeyPem } = newReleaseKeys();
    writeFileSync(rest[0], privateKeyPem, { mode: 0o600, flag: 'wx' });
    console.log(
      `Private key written to ${rest[0]} (keep it off this repository). Public key, for releaseKey.ts:\n${publicKeyPem}`,
    );
  } else {
    if (!first) throw new Error('Usage: node scripts/signUpdate.mjs <file>...');
    const privateKeyPem = privateKeyFromEnvironment();
    for (const file of [first, ...rest]) console.log(`Signed: ${signFile(file, privateKeyPem)}`);
  }
}

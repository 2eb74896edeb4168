// The public half of Stint's release key (ed25519, SPKI PEM): a Linux update is installed only if
// the detached signature published beside its file (`<file>.sig`, written by
// scripts/signUpdate.mjs with the private half, which is kept outside the repository) verifies
// against it. It is built into the app's code, so whoever can change it can change the app anyway;
// no setting, file or environment variable replaces it. The release owner replaces this
// placeholder with the public key of the pair they generated (`node scripts/signUpdate.mjs
// --new-key`); nobody holds this one's private half, so until then no Linux update installs, as
// no feed answers at stint.invalid either. The tests build their own bundle with their own key in
// its place (scripts/build.mjs's releaseKey option), never into dist/.

export const RELEASE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAmXDLBWADbHJQnK00hUpal4hNXC0HUbh1IQ5Y49Q+uh4=
-----END PUBLIC KEY-----
`;

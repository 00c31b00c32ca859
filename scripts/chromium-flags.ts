/**
 * How headless Chromium runs here, for the browser tests and the benchmarks alike: no sandbox
 * (it runs as root in a container), no GPU, no QUIC, and none of Chromium's own calls home
 * (first-run, component updates, sync, background networking), which would add requests of
 * their own to what is measured and reach for a network the machine does not have.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

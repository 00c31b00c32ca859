import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PictureHost, pictureHostName, startPictureHost } from './picture-host';
import { type PictureLimits, type PictureNetwork, pictureFetcher } from './pictures';
import { isPublicAddress } from './public-address';

/** Writes `total` bytes of a picture's type without a Content-Length, as fast as it is read. */
const endless =
  (total = Number.POSITIVE_INFINITY, declared?: number) =>
  (response: ServerResponse) => {
    response.writeHead(200, {
      'Content-Type': 'image/png',
      ...(declared === undefined ? {} : { 'Content-Length': String(declared) }),
    });
    const chunk = Buffer.alloc(16 * 1024, 1);
    let sent = 0;
    const more = () => {
      while (sent < total && !response.destroyed) {
        sent += chunk.byteLength;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end();
    };
    response.on('close', () => {
      sentBeforeClose.push(sent);
    });
    more();
  };
const sentBeforeClose: number[] = [];

let host: PictureHost;
let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  host = await startPictureHost({
    '/photo.png': () => ({ type: 'image/png', body: photo }),
    '/moved': (url) => ({
      status: 302,
      body: '',
      headers: { Location: url.searchParams.get('to') ?? '/photo.png' },
    }),
    '/loop': () => ({ status: 302, body: '', headers: { Location: '/loop' } }),
    '/endless': () => endless(),
    '/claims-huge': () => ({
      type: 'image/png',
      body: '',
      headers: { 'Content-Length': String(1024 ** 3) },
    }),
    '/60k': () => endless(60 * 1024),
    '/silent': () => () => undefined,
  });
});
afterAll(() => host.close());

/** A fetcher with the test host's network, and these limits. */
const fetcher = (limits: Partial<PictureLimits> = {}, network: Partial<PictureNetwork> = {}) =>
  pictureFetcher({ limits, network: { ...host.network, ...network } });

const requestsDuring = async (work: () => Promise<unknown>) => {
  const before = host.requests.length;
  const result = await work();
  return { result, requests: host.requests.slice(before) };
};

describe('pictureFetcher', () => {
  it('fetches over https from the name checked, with the certificate checked against it', async () => {
    const { result, requests } = await requestsDuring(() => fetcher()(`${host.url}/photo.png`));
    expect(result).toMatchObject({ extension: 'png' });
    // The name pictures.test is in no DNS: it was reached through the address checked, pinned.
    expect(requests).toEqual([
      { url: '/photo.png', host: `${pictureHostName}:${host.port}`, servername: pictureHostName },
    ]);
    // TLS is checked: a certificate of another name, or one nobody trusts, is refused.
    const otherName = await fetcher(
      {},
      {
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        localServerForTests: ['other.test'],
      },
    )(`https://other.test:${host.port}/photo.png`);
    expect(otherName).toEqual({
      problem: 'it could not be fetched (ERR_TLS_CERT_ALTNAME_INVALID)',
    });
    const untrusted = await pictureFetcher({
      network: { ...host.network, ca: undefined },
    })(`${host.url}/photo.png`);
    expect(untrusted).toEqual({ problem: 'it could not be fetched (DEPTH_ZERO_SELF_SIGNED_CERT)' });
  });

  it('refuses a host name whose addresses are not all public, before connecting', async () => {
    let resolved = 0;
    const answering =
      (...addresses: string[]) =>
      async () => {
        resolved++;
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      };
    for (const [name, addresses] of [
      // The test's own seam let it answer 127.0.0.1: without it, loopback is what it is.
      ['loopback.test', ['127.0.0.1']],
      ['loopback6.test', ['::1']],
      // One bad address is enough, for the connection may try any of them.
      [pictureHostName, ['127.0.0.1', '10.0.0.1']],
      [pictureHostName, ['127.0.0.1', '::ffff:169.254.169.254']],
    ] as const) {
      const { result, requests } = await requestsDuring(() =>
        fetcher({}, { resolve: answering(...addresses) })(`https://${name}:${host.port}/photo.png`),
      );
      expect(result, `${name} ${addresses}`).toEqual({ problem: 'refused: private address' });
      expect(requests).toEqual([]);
    }
    expect(resolved).toBe(4);
  });

  it('refuses anything but https, and an address written as a number in any form', async () => {
    const fetchOne = fetcher();
    for (const url of [
      `http://${pictureHostName}:${host.port}/photo.png`,
      'file:///etc/passwd',
      'data:image/png;base64,iVBORw0KGgo=',
      `ftp://${pictureHostName}/photo.png`,
      `HTTP://${pictureHostName}:${host.port}/photo.png`,
    ]) {
      expect(await fetchOne(url), url).toEqual({ problem: 'refused: not https' });
    }
    for (const url of [
      `https://127.0.0.1:${host.port}/photo.png`,
      `https://[::ffff:127.0.0.1]:${host.port}/photo.png`,
      `https://[::ffff:7f00:1]:${host.port}/photo.png`,
      `https://[::1]:${host.port}/photo.png`,
      `https://2130706433:${host.port}/photo.png`,
      `https://0x7f.1:${host.port}/photo.png`,
      `https://0177.0.0.1:${host.port}/photo.png`,
      `https://127.1:${host.port}/photo.png`,
      `https://0:${host.port}/photo.png`,
      'https://[::]/photo.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/photo.png',
      'https://[fd00::1]/photo.png',
      'https://[fe80::1]/photo.png',
    ]) {
      expect(await fetchOne(url), url).toEqual({ problem: 'refused: private address' });
    }
    expect(await fetchOne('not an address')).toEqual({ problem: 'refused: not a web address' });
    expect(host.requests.filter((request) => request.url === '/photo.png')).toHaveLength(1);
  });

  it('checks every redirect again', async () => {
    const fetchOne = fetcher();
    const moved = (to: string) => `${host.url}/moved?to=${encodeURIComponent(to)}`;
    expect(await fetchOne(moved(`http://127.0.0.1:${host.port}/photo.png`))).toEqual({
      problem: 'refused: not https (after a redirect)',
    });
    expect(await fetchOne(moved('https://10.0.0.1/photo.png'))).toEqual({
      problem: 'refused: private address (after a redirect)',
    });
    // A name is resolved and checked again at each hop.
    const resolving = fetcher(
      {},
      {
        resolve: async (name) => [
          { address: name === pictureHostName ? '127.0.0.1' : '192.168.1.1', family: 4 },
        ],
      },
    );
    expect(await resolving(moved(`https://router.test:${host.port}/photo.png`))).toEqual({
      problem: 'refused: private address (after a redirect)',
    });
    expect(await fetchOne(`${host.url}/loop`)).toEqual({
      problem: 'refused: more than 3 redirects',
    });
    // Where a redirect is allowed, it is followed.
    expect(await fetchOne(moved(`${host.url}/photo.png`))).toMatchObject({ extension: 'png' });
  });

  it('caps the pictures of an import, and their bytes as they arrive', async () => {
    const fetchTwo = fetcher({ maxPictures: 2 });
    expect(await fetchTwo(`${host.url}/photo.png`)).toMatchObject({ extension: 'png' });
    expect(await fetchTwo(`${host.url}/nowhere.png`)).toEqual({
      problem: 'the server answered 404',
    });
    const { result, requests } = await requestsDuring(() => fetchTwo(`${host.url}/photo.png`));
    expect(result).toEqual({ problem: "over the import's cap of 2 pictures", overCap: true });
    expect(requests).toEqual([]);

    // No Content-Length: the body is read until the cap, then the connection is dropped.
    const limits = { maxBytes: 256 * 1024, timeoutMs: 20_000 };
    sentBeforeClose.length = 0;
    expect(await fetcher(limits)(`${host.url}/endless`)).toEqual({
      problem: 'too large: over 256 KB',
    });
    // A Content-Length past the cap is believed at once; below it, Node never reads past it.
    expect(await fetcher(limits)(`${host.url}/claims-huge`)).toEqual({
      problem: 'too large: over 256 KB',
    });
    await vi.waitFor(() => expect(sentBeforeClose).not.toHaveLength(0));
    // The server sends forever: it was cut off near the cap (what the sockets' buffers held).
    expect(sentBeforeClose[0]).toBeLessThan(8 * 1024 * 1024);

    // The import's bytes, all its pictures together: the second 60 KB passes 100 KB.
    const fetchSome = fetcher({ maxTotalBytes: 100 * 1024 });
    expect(await fetchSome(`${host.url}/60k`)).toEqual({
      problem: 'it is not a picture the site can show',
    });
    expect(await fetchSome(`${host.url}/60k`)).toEqual({
      problem: "over the import's cap of 100 KB of pictures",
      overCap: true,
    });
    expect(await fetchSome(`${host.url}/photo.png`)).toMatchObject({ overCap: true });
  });

  it('gives up on a picture that takes too long', async () => {
    expect(await fetcher({ timeoutMs: 300 })(`${host.url}/silent`)).toEqual({
      problem: 'it took too long to arrive',
    });
  });
});

describe('isPublicAddress', () => {
  it('knows the internet from this machine and its networks', () => {
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

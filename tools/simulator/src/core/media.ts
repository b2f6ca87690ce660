// Stand-in media: small but well-formed files, so a server that sniffs or thumbnails them does not choke.
import { crc32, deflateSync } from 'node:zlib';

/** A solid-colour PNG of `size`×`size` pixels; `rgb` like `0x06c755` (LINE green). */
export function solidPng(rgb: number, size = 64): Buffer {
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) {
    row[1 + x * 3] = (rgb >> 16) & 0xff;
    row[2 + x * 3] = (rgb >> 8) & 0xff;
    row[3 + x * 3] = rgb & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** An ISO-BMFF header (`ftyp`) — enough for type sniffing of the fake video and audio. */
export function isoMediaStub(brand: 'mp42' | 'M4A '): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftyp', 4, 'ascii');
  box.write(brand, 8, 'ascii');
  box.write(brand, 16, 'ascii');
  return Buffer.concat([box, Buffer.from('sabai-simulator-media')]);
}

/** Default bytes and Content-Type for an attachment the customer "sends" without giving content. */
export function defaultMedia(kind: 'image' | 'video' | 'audio' | 'file'): {
  bytes: Buffer;
  contentType: string;
} {
  switch (kind) {
    case 'image':
      return { bytes: solidPng(0x06c755), contentType: 'image/png' };
    case 'video':
      return { bytes: isoMediaStub('mp42'), contentType: 'video/mp4' };
    case 'audio':
      return { bytes: isoMediaStub('M4A '), contentType: 'audio/x-m4a' };
    case 'file':
      return {
        bytes: Buffer.from('A file sent from the Sabai simulator.\n'),
        contentType: 'application/octet-stream',
      };
  }
}

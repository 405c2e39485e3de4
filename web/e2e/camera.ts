import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';

/**
 * A video file showing `text` as a QR code, in the YUV4MPEG2 form Chromium plays as a fake camera
 * (`--use-file-for-fake-video-capture`): a white frame, the code's dark modules black, eight
 * pixels each with the quiet zone around. Returns the file's path.
 */
export function qrVideo(dir: string, text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 8;
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * scale;
  // 4:2:0 needs even sides; 320 at least, as cameras give.
  const size = Math.max(320, side + (side % 2));
  const offset = Math.floor((size - side) / 2) + quiet * scale;
  const luma = Buffer.alloc(size * size, 235);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (offset + row * scale + y) * size + offset + col * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F5:1 Ip A1:1 C420jpeg\n`);
  const file = join(dir, `qr-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([header, frame, frame]));
  return file;
}

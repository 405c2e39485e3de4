import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` as an image URL (empty until drawn, or if it cannot be). */
export function useQrImage(text: string, width: number, margin: number): string {
  const [image, setImage] = useState('');
  useEffect(() => {
    QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin, width })
      .then(setImage)
      .catch(() => setImage(''));
  }, [text, width, margin]);
  return image;
}

/** Hands `text` to the browser as a file to save, named `name`. */
export function saveText(text: string, type: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Hands a file that came in pieces to the browser to save, named `name`. */
export function saveParts(parts: BlobPart[], type: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(parts, { type }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

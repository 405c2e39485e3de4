// Which language this build speaks, apart from the catalogues' runtime, so that a module that
// only needs the name (the API's transport) does not load the words.

export const LANGUAGES = ['zh-TW', 'vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';

/** The language this build speaks: its pages' words, and the words it asks the server for. */
export const LANGUAGE: Language = __LANGUAGE__;

/** Ours that a tag names (`zh-Hant`, `vi-VN`, `en-GB`…), as the server reads it. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const primary = tag?.split(/[-_]/)[0]?.trim().toLowerCase();
  if (primary === 'zh') return 'zh-TW';
  return LANGUAGES.find((l) => l === primary);
}

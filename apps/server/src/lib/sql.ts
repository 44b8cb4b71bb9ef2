/** Small SQL helpers shared by repositories. */

/** Escapes LIKE wildcards so user input is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toIso(date: Date): string {
  return date.toISOString();
}

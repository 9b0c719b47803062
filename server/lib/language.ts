import type { Language } from './i18n.ts';

/** The language of `Accept-Language` the product speaks (ar or en), by weight; English otherwise. */
export function languageOf(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.split('-')[0], weight: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const found = ranked.find((entry) => entry.tag === 'ar' || entry.tag === 'en');
  return (found?.tag as Language | undefined) ?? 'en';
}

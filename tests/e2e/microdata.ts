/**
 * The schema.org items a page marks up as microdata, read from its DOM as a crawler reads them:
 * each top-level item (`itemscope` without `itemprop`) with its type and properties, every
 * property a list of values (a meta's content, a link's href, a time's datetime, a nested
 * item, or else the element's text).
 */
import type { Page } from '@playwright/test';

export interface MicroItem {
  '@type': string | null;
  [property: string]: (string | MicroItem)[] | string | null;
}

export function microdata(page: Page): Promise<MicroItem[]> {
  return page.evaluate(() => {
    const valueOf = (el: Element): string | MicroItem => {
      if (el.hasAttribute('itemscope')) return read(el);
      if (el.tagName === 'META') return el.getAttribute('content') ?? '';
      if (el.tagName === 'LINK' || el.tagName === 'A') return el.getAttribute('href') ?? '';
      if (el.tagName === 'TIME') return el.getAttribute('datetime') ?? '';
      return (el.textContent ?? '').trim();
    };
    function read(scope: Element): MicroItem {
      const item: MicroItem = { '@type': scope.getAttribute('itemtype') };
      const walk = (el: Element) => {
        for (const child of Array.from(el.children)) {
          const property = child.getAttribute('itemprop');
          if (property)
            item[property] = [...((item[property] as (string | MicroItem)[] | undefined) ?? []), valueOf(child)];
          if (!child.hasAttribute('itemscope')) walk(child);
        }
      };
      walk(scope);
      return item;
    }
    return Array.from(document.querySelectorAll('[itemscope]:not([itemprop])')).map(read);
  });
}

import { isLanguage, type Language } from '@/content/languages';

/** The element that carries a server-rendered page's data to its script: JSON, which the browser never runs. */
export const PAGE_DATA_ID = 'page-data';

/**
 * A page's data as an inert `<script type="application/json">`. Every `<` is escaped (JSON reads `\u003c`
 * back as `<`), so no value, such as a guest's name, can close the element and start markup of its own.
 */
export function renderPageDataScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/** The data the server rendered this page with, or undefined when it sent none (the dev server). */
export function readPageData(): unknown {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  return text ? JSON.parse(text) : undefined;
}

/**
 * The language the server rendered this page in (its `<html lang>`, see `PageDefinition.head`), so that the
 * page hydrates with the words it was rendered with.
 */
export function readPageLanguage(): Language | undefined {
  const language = document.documentElement.lang;
  return isLanguage(language) ? language : undefined;
}

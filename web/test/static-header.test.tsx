import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from '@/app/layouts/site-header';
import { indexIn } from '../scripts/index-words';

// index.html paints the header's brand before the JavaScript arrives; React then draws the real
// one. The two must look the same, or the page jumps as it starts.
describe('the header painted from index.html', () => {
  it('is the brand the app draws', () => {
    // As the build writes it in the default language.
    const html = indexIn(readFileSync(`${process.cwd()}/index.html`, 'utf8'), `${process.cwd()}/../locales`, 'zh-TW');
    const painted = new DOMParser().parseFromString(html, 'text/html');
    const { container } = render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <SiteHeader />
        </MemoryRouter>
      </Provider>,
    );
    const shape = (root: ParentNode) => {
      const brand = root.querySelector('header.site-header > div.container.site-header-inner > a.brand');
      return brand && { href: brand.getAttribute('href'), text: brand.textContent, inner: brand.innerHTML };
    };
    expect(shape(painted.getElementById('root') as ParentNode)).not.toBeNull();
    expect(shape(painted.getElementById('root') as ParentNode)).toEqual(shape(container));
  });
});

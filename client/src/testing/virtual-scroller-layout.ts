import { afterEach, beforeEach } from 'vitest';

/**
 * happy-dom lays nothing out, so PrimeReact's virtual scroller sees no room
 * and draws no rows. For the tests of a virtual list: its scrolling area is
 * `height` pixels high (and 1,000 wide) with no padding, as a browser would
 * report it; everything else still measures zero.
 */
export function virtualScrollerRoomPerTest(height: number): void {
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
  const boundingRect = Element.prototype.getBoundingClientRect;
  const isScroller = (element: Element) => element.classList.contains('p-virtualscroller');
  let padding: HTMLStyleElement;
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return isScroller(this) ? height : 0;
      },
    });
    Element.prototype.getBoundingClientRect = function (this: Element) {
      return isScroller(this) ? DOMRect.fromRect({ width: 1000, height }) : boundingRect.call(this);
    };
    padding = document.createElement('style');
    padding.textContent = '.p-virtualscroller-content { padding: 0px; top: 0px; left: 0px; right: 0px; bottom: 0px; }';
    document.head.append(padding);
  });
  afterEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    Element.prototype.getBoundingClientRect = boundingRect;
    padding.remove();
  });
}

// Placements are animated like stack moves (a piece drops onto its space),
// and nothing moves when the system asks for reduced motion; at desktop and
// phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, sq, startGame, waitState, waitMyTurn, clickMove, noScriptErrors } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const SIZES = [
  ['desktop', { width: 1280, height: 800 }, {}],
  ['phone', { width: 390, height: 844 }, { hasTouch: true, isMobile: true }],
];

// Records every Web Animation the board starts: what flies, from where to where.
function recordAnimations() {
  window.__flights = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    if (this.closest && this.closest('.flying-layer')) {
      window.__flights.push({
        kind: this.getAttribute('class'),
        stack: this.querySelectorAll('.disc').length,
        first: frames[0].transform,
        last: frames[frames.length - 1].transform,
        duration: options.duration,
      });
    }
    return animate.call(this, frames, options);
  };
}

for (const [label, viewport, opts] of SIZES) {
  for (const reduce of [false, true]) {
    test(`placements ${reduce ? 'appear without motion when reduced motion is asked' : 'drop onto their space'} (${label})`, async () => {
      const page = await newPage(browser, viewport, { ...opts, reducedMotion: reduce ? 'reduce' : 'no-preference' });
      await page.context().addInitScript(recordAnimations);
      await startGame(page, { mode: 'local' });
      await waitMyTurn(page);
      await clickMove(page, 'E3');
      // The piece lands where the space is drawn.
      const box = await page.locator(`${sq('E3')} .hole`).boundingBox();
      const flights = await page.evaluate(() => window.__flights);
      if (reduce) {
        assert.deepEqual(flights, []);
      } else {
        assert.equal(flights.length, 1, JSON.stringify(flights));
        assert.equal(flights[0].kind, 'flying placing');
        assert.equal(flights[0].stack, 1);
        assert.ok(flights[0].duration > 0);
        assert.notEqual(flights[0].first, flights[0].last, 'it moves');
        assert.ok(box.width > 0);
      }
      // The stack shows once the animation is over (or at once).
      await page.waitForFunction(() => {
        const s = document.querySelector('[data-square="E3"] .stack');
        return s && s.style.opacity === '' && !document.querySelector('.flying-layer .flying');
      });
      // A second placement, by the other side, animates the same way.
      await clickMove(page, 'F3');
      const n = await page.evaluate(() => window.__flights.length);
      assert.equal(n, reduce ? 0 : 2);
      noScriptErrors(page);
      await page.context().close();
    });
  }
}

test('stack moves still fly, and only the one that moved', async () => {
  const page = await newPage(browser, SIZES[0][1]);
  await page.context().addInitScript(recordAnimations);
  await startGame(page, { mode: 'local', random: true, seed: 8 });
  await waitMyTurn(page);
  const st = await waitState(page, () => true);
  const move = st.legal.find((m) => m.length === 4);
  await clickMove(page, move);
  const flights = await page.evaluate(() => window.__flights);
  assert.equal(flights.length, 1);
  assert.equal(flights[0].kind, 'flying moving');
  assert.equal(flights[0].stack, Math.min(st.stacks[move.slice(0, 2)].length, 5));
  noScriptErrors(page);
  await page.context().close();
});

// The hint ring's pulse, the fade of stacks cut off and the pulse of a clock
// running low: running normally, stopped when reduced motion is asked.
for (const [label, viewport, opts] of SIZES) {
  test(`nothing pulses or fades when reduced motion is asked (${label})`, async () => {
    for (const reduce of [false, true]) {
      const page = await newPage(browser, viewport, { ...opts, reducedMotion: reduce ? 'reduce' : 'no-preference' });
      await startGame(page, { mode: 'local', random: true, seed: 8 });
      await waitMyTurn(page);
      await page.getByRole('button', { name: 'Hint' }).click();
      await page.waitForSelector('[data-testid="board"] .hint-ring');
      // A stack cut off and a clock running low, as the game draws them.
      await page.evaluate(() => {
        const stack = document.querySelector('[data-testid="board"] .stack');
        stack.classList.add('ghost');
        const clock = document.querySelector('[data-testid="clock-white"]');
        clock.hidden = false;
        clock.classList.add('low', 'running');
      });
      const motion = await page.evaluate(() =>
        [
          ['hint ring', '[data-testid="board"] .hint-ring'],
          ['stack cut off', '[data-testid="board"] .stack.ghost'],
          ['clock low', '[data-testid="clock-white"]'],
        ].map(([what, sel]) => {
          const cs = getComputedStyle(document.querySelector(sel));
          const secs = (v) => Math.max(...v.split(',').map((x) => parseFloat(x) * (/ms/.test(x) ? 0.001 : 1)));
          const moves =
            (cs.animationName !== 'none' && secs(cs.animationDuration) > 0) || secs(cs.transitionDuration) > 0;
          return [what, moves];
        }),
      );
      for (const [what, moves] of motion)
        assert.equal(moves, !reduce, `${what} ${reduce ? 'still moves' : 'is still'}`);
      noScriptErrors(page);
      await page.context().close();
    }
  });
}

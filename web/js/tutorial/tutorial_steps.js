// The steps of the interactive tutorial: each a small position on the real
// board, what the learner must do there, and the move the hint shows. The
// texts are i18n keys under tutorial.step.<id>. (the server knows the ids
// too: src/server/accounts/tutorial_steps.hpp). The learner always plays
// the side to move; the client rules (rules.js) judge every move.
import { score } from '../rules.js';

const movement = (stacks) => ({ stacks, phase: 'movement', toMove: 'white', placed: 49 });

// goal(move, after) says whether a legal move solves the step; why(after)
// the key (and its values) saying why a legal move that does not is not it.
export const STEPS = [
  {
    // The board starts empty; the three red Dvonn pieces go down first.
    id: 'placing',
    position: { stacks: {}, phase: 'placement', toMove: 'white', placed: 0 },
    placements: 3,
    hint: ['E3', 'C2', 'H4', 'F2'],
  },
  {
    // A stack of two moves exactly two spaces, in a straight line.
    id: 'moving',
    position: movement({ C3: 'w', D3: 'bw', E3: 'b', F3: 'b', D4: 'b', E4: 'd' }),
    goal: (move) => move === 'D3F3',
    hint: ['D3', 'F3'],
  },
  {
    // E3 has six neighbours: boxed in. G3 is on the edge of the group.
    id: 'surrounded',
    position: movement({ E3: 'w', D3: 'b', F3: 'b', E4: 'd', F4: 'b', D2: 'b', E2: 'b', G3: 'w' }),
    goal: () => true,
    hint: ['G3', 'F3'],
  },
  {
    // Any colour may be landed on; the top piece owns the stack.
    id: 'stacking',
    position: movement({ D3: 'w', E3: 'wbb', F3: 'd', D4: 'b', E4: 'b' }),
    goal: (move) => move === 'D3E3',
    hint: ['D3', 'E3'],
  },
  {
    // The stack of three flies over the two empty spaces C3 and D3.
    id: 'jumping',
    position: movement({ B3: 'bbw', B2: 'b', C2: 'd', D2: 'w', E3: 'b' }),
    goal: (move) => move === 'B3E3',
    hint: ['B3', 'E3'],
  },
  {
    // F3 is the only link between the black stacks and the Dvonn piece.
    id: 'disconnection',
    position: movement({ D3: 'b', E3: 'd', F3: 'w', G3: 'b', H3: 'bb' }),
    goal: (move) => move === 'F3E3',
    hint: ['F3', 'E3'],
  },
  {
    // White's only piece is boxed in; Black can still move.
    id: 'passing',
    position: movement({ E3: 'w', D3: 'b', F3: 'b', E4: 'b', F4: 'd', D2: 'b', E2: 'b', C3: 'b' }),
    goal: (move) => move === 'PASS',
    hint: [],
  },
  {
    // D3 onto C3 ends the game 4 to 0; onto E3 the game goes on.
    id: 'ending',
    position: movement({ C3: 'bbb', D3: 'w', E3: 'b', D4: 'd' }),
    goal: (move, after) => after.phase === 'over' && score(after.stacks).white > score(after.stacks).black,
    why: (after) => {
      const s = score(after.stacks);
      if (after.phase !== 'over') return ['tutorial.step.ending.whyGoesOn', {}];
      return ['tutorial.step.ending.whyLost', { white: s.white, black: s.black }];
    },
    hint: ['D3', 'C3'],
  },
];

export const STEP_IDS = STEPS.map((s) => s.id);

export function stepIndex(id) {
  return STEP_IDS.indexOf(id);
}

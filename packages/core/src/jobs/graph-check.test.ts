import { describe, expect, it } from 'vitest';
import { autoMoveLoops, brokenWorkflow, checkWorkflow } from './graph-check.js';

/** A status whose node id differs from its id, so the two cannot be mixed up. */
function st(id: string, name: string, linksTo: string[], requiredComponents: string[] = []) {
  return {
    id,
    name,
    requiredComponents,
    draw: { id: `n-${id}`, type: 'Task' as const, width: 125, height: 75, x: 0, y: 0, linksTo },
  };
}

/** A component hidden (for everyone) in the given statuses, by status id. */
function comp(prop: string, label: string, hiddenIn: string[] = []) {
  return { prop, label, permissions: Object.fromEntries(hiddenIn.map((s) => [s, { hide: true }])) };
}

describe('checkWorkflow', () => {
  it('passes a straight line and a diagram with a loop', () => {
    expect(checkWorkflow([st('a', 'New', ['n-b']), st('b', 'Done', [])], [])).toEqual([]);
    const loop = [
      st('a', 'New', ['n-b']),
      st('b', 'On site', ['n-c']),
      st('c', 'Check', ['n-b', 'n-d']),
      st('d', 'Done', []),
    ];
    expect(checkWorkflow(loop, [])).toEqual([]);
    expect(checkWorkflow([st('a', 'Only', [])], [])).toEqual([]);
  });

  it('needs a status', () => {
    expect(checkWorkflow([], [comp('x', 'X')])).toEqual([
      { statusId: null, message: 'The type needs a status' },
    ]);
  });

  it('refuses two statuses of one name, whatever their case and spaces', () => {
    expect(
      checkWorkflow(
        [
          st('a', 'Booked', ['n-b']),
          st('b', 'booked ', ['n-c']),
          st('c', ' BOOKED', ['n-d']),
          st('d', 'Done', []),
        ],
        [],
      ),
    ).toEqual([
      { statusId: 'b', message: "Two statuses are called 'booked '" },
      { statusId: 'c', message: "Two statuses are called ' BOOKED'" },
    ]);
  });

  it('finds a link to a status that is not there', () => {
    expect(
      checkWorkflow([st('a', 'New', ['n-b', 'ghost', 'b']), st('b', 'Done', ['gone'])], []),
    ).toEqual([
      { statusId: 'a', message: "'New' links to a status that is gone" },
      { statusId: 'a', message: "'New' links to a status that is gone" },
      { statusId: 'b', message: "'Done' links to a status that is gone" },
    ]);
  });

  it('finds no start when every status has a link into it', () => {
    expect(checkWorkflow([st('a', 'New', ['n-b']), st('b', 'Done', ['n-a'])], [])).toEqual([
      { statusId: 'a', message: 'No start status: every status has a link into it' },
    ]);
  });

  it('does not count a link of a status to itself as a way in', () => {
    expect(checkWorkflow([st('a', 'New', ['n-a', 'n-b']), st('b', 'Done', [])], [])).toEqual([]);
    expect(checkWorkflow([st('a', 'New', ['n-a'])], [])).toEqual([]);
  });

  it('finds statuses the first status cannot reach', () => {
    expect(
      checkWorkflow(
        [
          st('a', 'New', ['n-b']),
          st('b', 'Booked', ['n-c']),
          st('c', 'Done', []),
          st('x', 'Odd', ['n-c']),
        ],
        [],
      ),
    ).toEqual([{ statusId: 'x', message: "'Odd' cannot be reached from 'New'" }]);
    expect(
      checkWorkflow([st('a', 'New', []), st('b', 'Lost', []), st('c', 'Far', [])], []),
    ).toEqual([
      { statusId: 'b', message: "'Lost' cannot be reached from 'New'" },
      { statusId: 'c', message: "'Far' cannot be reached from 'New'" },
    ]);
  });

  it('reaches through any number of links, whatever the order of the list', () => {
    const chain = [
      st('a', 'A', ['n-d']),
      st('b', 'B', ['n-e']),
      st('c', 'C', []),
      st('d', 'D', ['n-b']),
      st('e', 'E', ['n-c']),
    ];
    expect(checkWorkflow(chain, [])).toEqual([]);
  });

  it('finds a required field that is not a field, also in the first status', () => {
    expect(
      checkWorkflow(
        [st('a', 'New', ['n-b'], ['ghost']), st('b', 'Done', [], ['notes', 'nope'])],
        [comp('notes', 'Notes')],
      ),
    ).toEqual([
      { statusId: 'a', message: "'New' requires 'ghost', which is not a field" },
      { statusId: 'b', message: "'Done' requires 'nope', which is not a field" },
    ]);
  });

  describe('a required field no earlier status shows', () => {
    const flow = (required: string[]) => [
      st('a', 'New', ['n-b']),
      st('b', 'On site', ['n-c']),
      st('c', 'Job Done', ['n-d'], required),
      st('d', 'Invoiced', []),
    ];

    it('is found when every status before it hides the field', () => {
      expect(checkWorkflow(flow(['sig']), [comp('sig', 'Signature', ['a', 'b'])])).toEqual([
        {
          statusId: 'c',
          message: "'Job Done' requires 'Signature', which no earlier status shows",
        },
      ]);
    });

    it('is found when only the status itself or a later one shows it', () => {
      expect(
        checkWorkflow(flow(['sig']), [comp('sig', 'Signature', ['a', 'b', 'd'])]),
      ).toHaveLength(1);
      expect(
        checkWorkflow(flow(['sig']), [comp('sig', 'Signature', ['a', 'b', 'c'])]),
      ).toHaveLength(1);
    });

    it('is fine when any earlier status shows it', () => {
      expect(checkWorkflow(flow(['sig']), [comp('sig', 'Signature', ['a', 'c', 'd'])])).toEqual([]);
      expect(checkWorkflow(flow(['sig']), [comp('sig', 'Signature', ['b', 'c', 'd'])])).toEqual([]);
      expect(checkWorkflow(flow(['sig']), [comp('sig', 'Signature')])).toEqual([]);
    });

    it('reads the general flags, not those of one group', () => {
      const byGroup = {
        prop: 'sig',
        label: 'Signature',
        permissions: { a: { groups: { g: { hide: true } } }, b: { groups: { g: { hide: true } } } },
      };
      expect(checkWorkflow(flow(['sig']), [byGroup])).toEqual([]);
    });

    it('reads hide by status id, not by node id', () => {
      expect(checkWorkflow(flow(['sig']), [comp('sig', 'Signature', ['n-a', 'n-b'])])).toEqual([]);
    });

    it('reads only the field required', () => {
      const components = [comp('sig', 'Signature', ['a', 'b']), comp('notes', 'Notes', ['a', 'b'])];
      expect(checkWorkflow(flow(['notes']), components)).toEqual([
        { statusId: 'c', message: "'Job Done' requires 'Notes', which no earlier status shows" },
      ]);
      expect(
        checkWorkflow(flow(['notes', 'sig']), [components[1]!, comp('sig', 'S', ['c'])]),
      ).toEqual([
        { statusId: 'c', message: "'Job Done' requires 'Notes', which no earlier status shows" },
      ]);
    });

    it('never finds the first status short (a job enters it from Unscheduled)', () => {
      expect(
        checkWorkflow(
          [st('a', 'New', ['n-b'], ['sig']), st('b', 'Done', [])],
          [comp('sig', 'Signature', ['a', 'b'])],
        ),
      ).toEqual([]);
      // Even with a link back into it from a status that hides the field.
      expect(
        checkWorkflow(
          [st('a', 'New', ['n-b'], ['sig']), st('b', 'Done', ['n-a']), st('c', 'C', ['n-a'])],
          [comp('sig', 'Signature', ['a', 'b', 'c'])],
        ),
      ).toEqual([{ statusId: 'c', message: "'C' cannot be reached from 'New'" }]);
    });

    it('does not take a status linking to itself as earlier than itself', () => {
      const statuses = [
        st('a', 'New', ['n-b']),
        st('b', 'On site', ['n-b', 'n-c'], ['sig']),
        st('c', 'Done', []),
      ];
      expect(checkWorkflow(statuses, [comp('sig', 'Signature', ['a'])])).toEqual([
        { statusId: 'b', message: "'On site' requires 'Signature', which no earlier status shows" },
      ]);
    });

    it('takes a status of a loop as earlier than itself', () => {
      // A job goes On site -> Check -> On site: the second time, On site showed it.
      const statuses = [
        st('a', 'New', ['n-b']),
        st('b', 'On site', ['n-c'], ['sig']),
        st('c', 'Check', ['n-b']),
      ];
      expect(checkWorkflow(statuses, [comp('sig', 'Signature', ['a', 'c'])])).toEqual([]);
    });
  });

  it('reports problems in order: names, links, start, reach, required fields', () => {
    const statuses = [st('a', 'New', ['n-b', 'ghost']), st('b', 'New', ['n-a'], ['nope'])];
    expect(checkWorkflow(statuses, [])).toEqual([
      { statusId: 'b', message: "Two statuses are called 'New'" },
      { statusId: 'a', message: "'New' links to a status that is gone" },
      { statusId: 'a', message: 'No start status: every status has a link into it' },
      { statusId: 'b', message: "'New' requires 'nope', which is not a field" },
    ]);
    const more = [st('a', 'A', ['n-b'], ['sig']), st('b', 'B', [], ['sig']), st('c', 'C', [])];
    expect(checkWorkflow(more, [comp('sig', 'Sig', ['a'])])).toEqual([
      { statusId: 'c', message: "'C' cannot be reached from 'A'" },
      { statusId: 'b', message: "'B' requires 'Sig', which no earlier status shows" },
    ]);
  });
});

describe('reserved status names', () => {
  it.each(['Scheduled', 'Unscheduled', 'Please select', ' please SELECT '])(
    "refuses '%s' (brokenWorkflow names the status, checkWorkflow warns)",
    (name) => {
      const statuses = [st('a', 'New', ['n-b']), st('b', name, [])];
      expect(brokenWorkflow(statuses, [])).toEqual([
        { field: 'statuses.1.name', message: expect.stringContaining('is not a status name') },
      ]);
      expect(checkWorkflow(statuses, []).map((p) => p.statusId)).toContain('b');
    },
  );
  it('accepts names that only contain them', () => {
    const statuses = [st('a', 'Rescheduled', ['n-b']), st('b', 'Scheduled again', [])];
    expect(brokenWorkflow(statuses, [])).toEqual([]);
  });
});

/** A status with the automatic move (autoMoveInvoiceClient) on or off. */
const auto = (s: ReturnType<typeof st>, on = true) => ({ ...s, autoMoveInvoiceClient: on });

describe('automatic moves that go round in a loop (issue 19 B1)', () => {
  const pingPong = () => [
    st('n', 'New', ['n-p']),
    auto(st('p', 'Ping', ['n-q'])),
    auto(st('q', 'Pong', ['n-p', 'n-d'])),
    st('d', 'Done', []),
  ];
  const LOOP = "Automatic moves go round in a loop: 'Ping' -> 'Pong' -> 'Ping'";

  it('finds Ping -> Pong -> Ping with the automatic move on both, once, named in order', () => {
    expect(autoMoveLoops(pingPong())).toEqual([{ indexes: [1, 2], message: LOOP }]);
  });

  it('is refused by the server check naming the first status of the loop', () => {
    expect(brokenWorkflow(pingPong(), [])).toEqual([
      { field: 'statuses.1.autoMoveInvoiceClient', message: LOOP },
    ]);
  });

  it('is shown by the designer check on the first status of the loop', () => {
    expect(checkWorkflow(pingPong(), [])).toEqual([{ statusId: 'p', message: LOOP }]);
  });

  it('finds a longer loop entered from a chain, and starts it at its first status in the list', () => {
    const s = [
      st('n', 'New', ['n-c']),
      auto(st('a', 'A', ['n-b'])),
      auto(st('b', 'B', ['n-a'])),
      auto(st('c', 'C', ['n-b'])),
    ];
    expect(autoMoveLoops(s).map((l) => l.indexes)).toEqual([[1, 2]]);
    const three = [
      st('n', 'New', ['n-z']),
      auto(st('x', 'X', ['n-y'])),
      auto(st('y', 'Y', ['n-z'])),
      auto(st('z', 'Z', ['n-x'])),
    ];
    expect(autoMoveLoops(three)[0]!.message).toBe(
      "Automatic moves go round in a loop: 'X' -> 'Y' -> 'Z' -> 'X'",
    );
  });

  it('follows only the first link, as the move does, skipping a link to itself or to nothing', () => {
    // Pong's first link is Done: the way back to Ping is a person's choice.
    const s = pingPong();
    s[2] = auto(st('q', 'Pong', ['n-d', 'n-p']));
    expect(autoMoveLoops(s)).toEqual([]);
    s[2] = auto(st('q', 'Pong', ['n-q', 'n-gone', 'n-p']));
    expect(autoMoveLoops(s).map((l) => l.indexes)).toEqual([[1, 2]]);
  });

  it('passes a loop through a status without the automatic move, and a straight automatic chain', () => {
    const s = pingPong();
    s[2] = auto(st('q', 'Pong', ['n-p', 'n-d']), false);
    expect(autoMoveLoops(s)).toEqual([]);
    expect(checkWorkflow(s, [])).toEqual([]);
    const chain = [
      auto(st('a', 'A', ['n-b'])),
      auto(st('b', 'B', ['n-c'])),
      auto(st('c', 'C', ['n-d'])),
      auto(st('d', 'D', [])),
    ];
    expect(autoMoveLoops(chain)).toEqual([]);
    expect(brokenWorkflow(chain, [])).toEqual([]);
  });
});

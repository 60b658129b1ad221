import { describe, expect, it } from 'vitest';
import { actionAriaLabel, actionLabel, cardActionText, contractMeaning, contractRows, CONTRACT_WORDS, isHandCardKind, parseAction, sameAction } from '../src/actions';

describe('actions', () => {
  it('reads every kind of action text', () => {
    expect(parseAction('play QH')).toMatchObject({ kind: 'play', card: 'QH' });
    // A forehead card: the server does not name it to the one player who may not see it.
    expect(parseAction('play unseen')).toEqual({ kind: 'play', text: 'play unseen' });
    expect(actionLabel('play unseen')).toBe('Play your card (unseen)');
    expect(actionAriaLabel('play unseen')).toBe('play your card (unseen)');
    expect(parseAction('play 10h').kind).toBe('other'); // the server writes T, never 10
    expect(parseAction('bid 3')).toMatchObject({ kind: 'bid', number: 3 });
    expect(parseAction('announce zero').kind).toBe('announce-zero');
    expect(parseAction('mode forehead')).toMatchObject({ kind: 'mode', arg: 'forehead' });
    expect(parseAction('auction 6NT')).toMatchObject({ kind: 'auction', number: 6, arg: 'NT' });
    expect(parseAction('auction 5S')).toMatchObject({ kind: 'auction', number: 5, arg: 'S' });
    expect(parseAction('pass').kind).toBe('pass');
    expect(parseAction('pass card AS')).toMatchObject({ kind: 'pass-card', card: 'AS' });
    expect(parseAction('contract 8 half')).toMatchObject({ kind: 'contract', arg: '8 half' });
    expect(parseAction('contract clean sun')).toMatchObject({ kind: 'contract', arg: 'clean sun' });
    expect(parseAction('trump C')).toMatchObject({ kind: 'trump', arg: 'C' });
    expect(parseAction('accept the turned card').kind).toBe('accept');
    expect(parseAction('turn the next kitty card').kind).toBe('turn-next');
    expect(parseAction('call AH')).toMatchObject({ kind: 'call', card: 'AH' });
    expect(parseAction('take the kitty').kind).toBe('take-kitty');
    expect(parseAction('keep the hand').kind).toBe('keep-hand');
    expect(parseAction('discard 7D')).toMatchObject({ kind: 'discard', card: '7D' });
    expect(parseAction('discard X1')).toMatchObject({ kind: 'discard', card: 'X1' });
  });

  it('labels buttons', () => {
    expect(actionLabel('bid 2')).toBe('2');
    expect(actionLabel('auction 7H')).toBe('7 ♥');
    expect(actionLabel('auction 5NT')).toBe('5 NT');
    expect(actionLabel('trump S')).toBe('Trump ♠');
    expect(actionLabel('call AH')).toBe('Call A♥');
    expect(actionAriaLabel('call AH')).toBe('call the ace of hearts');
    expect(actionAriaLabel('bid 0')).toBe('bid 0');
    expect(actionAriaLabel('trump D')).toBe('trump diamonds');
  });

  it('maps a click on a hand card to the phase action', () => {
    expect(cardActionText('playing', 'QH')).toBe('play QH');
    expect(cardActionText('passing', 'QH')).toBe('pass card QH');
    expect(cardActionText('discard', 'QH')).toBe('discard QH');
    expect(cardActionText('bidding', 'QH')).toBeNull();
    expect(isHandCardKind('play')).toBe(true);
    expect(isHandCardKind('call')).toBe(false);
    expect(sameAction('Play qh', 'play QH')).toBe(true);
  });
});

// Regression: Call-Ace's auction was up to 47 buttons one after another (the hand 1,250 px down
// on a phone): in rows by tricks, the negative contracts last, each word explained.
describe("Call-Ace's contracts", () => {
  it('are grouped in rows by tricks', () => {
    const texts = ['contract 7 half', 'contract 8', 'contract sun', 'contract 8 turn', 'contract 7 quarter', 'contract 10', 'contract clean sun', 'pass'];
    expect(contractRows(texts)).toEqual([
      { label: '7:', choices: [{ text: 'contract 7 half', label: 'half' }, { text: 'contract 7 quarter', label: 'quarter' }] },
      { label: '8:', choices: [{ text: 'contract 8', label: 'plain' }, { text: 'contract 8 turn', label: 'turn' }] },
      { label: '10:', choices: [{ text: 'contract 10', label: 'plain' }] },
      { label: 'Negative:', choices: [{ text: 'contract sun', label: 'sun' }, { text: 'contract clean sun', label: 'clean sun' }] },
    ]);
    expect(contractRows(['pass', 'auction 5S'])).toEqual([]);
  });

  it('say what each asks', () => {
    expect(contractMeaning('7 half')).toBe('7 half: at least 7 tricks; your partner (who holds the card you call) names trump and may take the kitty');
    expect(contractMeaning('9')).toBe('9: at least 9 tricks; with the secret partner you call; you name trump');
    expect(contractMeaning('clean sun')).toBe('clean sun: alone, no trump: take no trick');
    expect(CONTRACT_WORDS).toHaveLength(11);
  });
});

import { describe, expect, it } from 'vitest';
import { cardName, cardShort, explainReason, isCard, isRed, sortHand, suitOf } from '../src/cards';

describe('cards', () => {
  it('names cards for screen readers', () => {
    expect(cardName('QH')).toBe('queen of hearts');
    expect(cardName('TD')).toBe('ten of diamonds');
    expect(cardName('2C')).toBe('two of clubs');
    expect(cardName('AS')).toBe('ace of spades');
    expect(cardName('X2')).toBe('joker 2');
  });

  it('writes cards short with suit symbols', () => {
    expect(cardShort('TD')).toBe('10♦');
    expect(cardShort('QH')).toBe('Q♥');
    expect(cardShort('X1')).toBe('★1');
  });

  it('knows suits and colours', () => {
    expect(suitOf('9S')).toBe('S');
    expect(suitOf('X3')).toBe('X');
    expect(isRed('9H')).toBe(true);
    expect(isRed('9C')).toBe(false);
    expect(isCard('TH')).toBe(true);
    expect(isCard('1H')).toBe(false);
    expect(isCard('X4')).toBe(false);
  });

  it('sorts a hand by suit, highest first, jokers first', () => {
    expect(sortHand(['2C', 'AH', 'TS', 'KH', 'X1', '9D'])).toEqual(['X1', 'TS', 'AH', 'KH', '9D', '2C']);
    expect(sortHand(['2C', 'AH', 'TS'], 'C')).toEqual(['2C', 'TS', 'AH']);
  });

  it('names the suits in the server reasons', () => {
    expect(explainReason('must follow suit C')).toBe('must follow suit ♣ clubs');
    expect(explainReason('must trump H (void in S)')).toBe('must trump ♥ hearts (void in ♠ spades)');
    expect(explainReason('it is not your turn')).toBe('it is not your turn');
  });
});

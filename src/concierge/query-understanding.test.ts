import { describe, expect, it } from 'vitest';
import { conciergeModel } from '../../test/support/concierge-model.ts';
import { correctWord, editDistance, understand } from './query-understanding.ts';

const read = (q: string) => understand(q, conciergeModel.vocabulary, conciergeModel.lexicon.all);

describe('editDistance', () => {
  it('counts a transposition as one edit and stops past the limit', () => {
    expect(editDistance('shrae', 'share', 2)).toBe(1);
    expect(editDistance('platnum', 'platinum', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('correctWord', () => {
  it.each([
    ['shrae', 'share'],
    ['platnum', 'platinum'],
    ['schedual', 'schedule'],
    ['myrcine', 'myrcene'],
    ['regster', 'register'],
  ])('%s -> %s', (typo, word) => expect(correctWord(typo, conciergeModel.vocabulary)).toBe(word));

  it('leaves known words, their inflections and far-off words alone', () => {
    expect(correctWord('germinating', conciergeModel.vocabulary)).toBe('germinating');
    expect(correctWord('president', conciergeModel.vocabulary)).toBe('president');
    expect(correctWord('bitcoin', conciergeModel.vocabulary)).toBe('bitcoin');
  });
});

describe('understand', () => {
  it('expands contractions and chat spellings, and widens words with their synonyms', () => {
    const q = read("What's the merch like? wat pts");
    expect(q.words.slice(0, 3)).toEqual(['what', 'is', 'the']);
    expect(q.stems.has('shop')).toBe(true);
    expect(q.stems.has('point')).toBe(true);
  });

  it('names the tiers, actions, weekdays and counts a question mentions', () => {
    expect(read('what does platinum get that gold doesnt?').tiers).toEqual(['Platinum', 'Gold']);
    expect(read('next tier after plat').tiers).toEqual(['Platinum']);
    expect(read('do i earn more for a mention or a share').actions).toEqual(['share', 'mention']);
    expect(read('Do I get anything for claiming a task?').actions).toEqual(['task_claim']);
    expect(read("what's on on Friday?").days).toEqual(['friday']);
    expect(read('top 3 agents').count).toBe(3);
    expect(read('top five agents').count).toBe(5);
  });

  it('tells questions about oneself', () => {
    expect(read('how many points do I have').self).toBe(true);
    expect(read('how many points is a share').self).toBe(false);
  });

  it('offers handle-shaped and unknown words as possible agent names, not known words', () => {
    expect(read('what tier is scout-7').names).toEqual([{ name: 'scout-7', handleLike: true }]);
    expect(read('is Nova_Bot platinum?').names).toEqual([{ name: 'Nova_Bot', handleLike: true }]);
    expect(read('how many points does lumen have').names).toEqual([{ name: 'lumen', handleLike: false }]);
    expect(read('what is the tier of a gold agent').names).toEqual([]);
  });
});

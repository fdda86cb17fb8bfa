/**
 * The citation checker on small fixtures: which forms it reads as citations, how a citation is
 * matched to a reference, and the messages the build prints.
 */
import { describe, expect, it } from 'vitest';
import { checkCitations, findCitations, type CitableReference } from './citations.ts';

const path = 'content/knowledge/terpenes/example.md';
const smith: CitableReference = { authors: 'Smith CJ, Vergara D, Keegan B, Jikomes N', year: 2022 };
const booth: CitableReference = { authors: 'Booth JK, Bohlmann J', year: 2019 };
const russo: CitableReference = { authors: 'Russo EB', year: 2011 };
const nasem: CitableReference = { authors: 'National Academies of Sciences, Engineering, and Medicine', year: 2017 };
const fda: CitableReference = { authors: 'U.S. Food and Drug Administration', year: 2018 };

const names = (text: string) => findCitations(text).map((c) => `${c.names.join(' & ')} ${c.year}${c.weak ? ' (weak)' : ''}`);
const body = (text: string) => [{ field: 'body', text }];

describe('findCitations', () => {
  it('reads every documented form', () => {
    expect(names('Labels mislead (Smith et al. 2022).')).toEqual(['Smith 2022']);
    expect(names('Labels mislead (Smith et al., 2022).')).toEqual(['Smith 2022']);
    expect(names('They co-occur (Booth & Bohlmann 2019).')).toEqual(['Booth & Bohlmann 2019']);
    expect(names('Aged cannabis has more (Russo 2011; Walsh et al. 2021).')).toEqual(['Russo 2011', 'Walsh 2021']);
    expect(names('Russo (2011) reviewed animal work; Whiting et al. (2015) pooled trials.')).toEqual(['Russo 2011', 'Whiting 2015']);
    expect(names('As Smith et al. 2022 showed, and Lu & Mackie 2016 described.')).toEqual(['Smith 2022', 'Lu & Mackie 2016']);
    expect(names('Moderate evidence (National Academies 2017); approved (FDA 2018).')).toEqual(['National Academies 2017', 'FDA 2018']);
    expect(names('The National Academies (2017) agreed.')).toEqual(['National Academies 2017']);
    expect(names('Names like Bonn-Miller and O’Sullivan: (Bonn-Miller et al. 2017; O’Sullivan 2016).')).toEqual(['Bonn-Miller 2017', 'O’Sullivan 2016']);
  });

  it('reads possessive mentions as weak citations', () => {
    expect(names("The National Academies' 2017 review found it.")).toEqual(['National Academies 2017 (weak)']);
    expect(names("the World Health Organization's 2018 review")).toEqual(['World Health Organization 2018 (weak)']);
  });

  it('leaves dates, numbers and other parentheses alone', () => {
    expect(names('In March 2014 the AAN published a review. In 2008 it was cloned.')).toEqual([]);
    expect(names('About 31% (in one study) of CBD; 2-AG (2-arachidonoylglycerol); (Fortieth Meeting, Geneva, 4-7 June 2018).')).toEqual([]);
    expect(names('First cloned: 1993 (Munro et al.)')).toEqual([]);
  });
});

describe('checkCitations', () => {
  it('passes when every citation has its reference and every reference is cited', () => {
    const text = 'Labels mislead (Smith et al. 2022). They co-occur (Booth & Bohlmann 2019). Russo (2011) agreed.';
    expect(checkCitations(path, body(text), [smith, booth, russo])).toEqual([]);
  });

  it('names the file, the field and the citation that has no reference', () => {
    expect(checkCitations(path, body('Labels mislead (Smith et al. 2022). Russo (2011) agreed.'), [russo])).toEqual([
      `${path}: body: citation "Smith et al. 2022" has no matching entry in references (same first author and year)`,
    ]);
  });

  it('names the reference that is never cited, with a form to cite it by', () => {
    expect(checkCitations(path, body('Russo (2011) agreed.'), [russo, booth])).toEqual([
      `${path}: references.1: "Booth JK, Bohlmann J" (2019) is never cited in the text; cite it as e.g. "(Booth & Bohlmann 2019)" or remove it`,
    ]);
  });

  it('needs the same year and the first author, not any author', () => {
    const problems = checkCitations(path, body('(Smith et al. 2021). (Vergara et al. 2022).'), [smith]);
    expect(problems).toEqual([
      `${path}: body: citation "Smith et al. 2021" has no matching entry in references (same first author and year)`,
      `${path}: body: citation "Vergara et al. 2022" has no matching entry in references (same first author and year)`,
      `${path}: references.0: "Smith CJ, Vergara D, Keegan B, Jikomes N" (2022) is never cited in the text; cite it as e.g. "(Smith et al. 2022)" or remove it`,
    ]);
  });

  it('checks the second name of "A & B"', () => {
    expect(checkCitations(path, body('(Booth & Bohlmann 2019)'), [booth])).toEqual([]);
    expect(checkCitations(path, body('(Booth & Keeling 2019)'), [booth])[0]).toContain('citation "Booth & Keeling 2019" has no matching entry');
  });

  it('matches organisations by name or initials, and counts possessive mentions', () => {
    expect(checkCitations(path, body('(National Academies 2017). The FDA approved it (FDA 2018).'), [nasem, fda])).toEqual([]);
    expect(checkCitations(path, body("The National Academies' 2017 review found moderate evidence."), [nasem])).toEqual([]);
    expect(checkCitations(path, body("Canada's 2018 law changed that. (National Academies 2017)"), [nasem])).toEqual([]);
  });

  it('reads citations in facts and the summary too, and reports the field', () => {
    const texts = [
      { field: 'summary', text: 'A summary.' },
      { field: 'facts.0.value', text: 'Moderate (National Academies 2017)' },
      { field: 'facts.1.value', text: 'Insufficient (Suraev et al. 2020)' },
      { field: 'body', text: 'Nothing cited here.' },
    ];
    expect(checkCitations(path, texts, [nasem])).toEqual([`${path}: facts.1.value: citation "Suraev et al. 2020" has no matching entry in references (same first author and year)`]);
  });
});

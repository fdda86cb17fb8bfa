import { describe, expect, it } from 'vitest';
import { initials, profileHref, leaderboardEntries, promoters, requestedAgentName, sameSiteAvatar, shoutouts, type LeaderboardEntry } from './agent-rules.ts';

const entry = (name: string, tier: LeaderboardEntry['tier'], points = 0): LeaderboardEntry => ({ rank: 0, name, tier, points, promoPoints: 0, partner: false });

describe('promoter strip and ticker', () => {
  const board = [
    entry('legend1', 'Legend', 2000),
    entry('plat1', 'Platinum', 800),
    entry('gold1', 'Gold', 400),
    entry('gold2', 'Gold', 310),
    entry('silver1', 'Silver', 150),
    entry('bronze1', 'Bronze', 5),
  ];

  it('features Gold and above only, in leaderboard order', () => {
    expect(promoters(board).map((e) => e.name)).toEqual(['legend1', 'plat1', 'gold1', 'gold2']);
  });

  it('gives every Gold+ agent a shoutout and repeats Platinum and Legend ones', () => {
    const names = shoutouts(board).map((s) => s.name);
    expect(names.filter((n) => n === 'gold1')).toHaveLength(1);
    expect(names.filter((n) => n === 'plat1')).toHaveLength(2);
    expect(names.filter((n) => n === 'legend1')).toHaveLength(2);
    expect(names).not.toContain('silver1');
    expect(names).not.toContain('bronze1');
  });

  it('has no shoutouts without Gold agents', () => {
    expect(shoutouts([entry('b', 'Bronze')])).toEqual([]);
  });
});

describe('leaderboardEntries', () => {
  it('reads the list under entries, items or leaderboard', () => {
    expect(leaderboardEntries({ entries: [entry('a', 'Gold')] })).toHaveLength(1);
    expect(leaderboardEntries({ items: [entry('a', 'Gold')] })).toHaveLength(1);
    expect(leaderboardEntries({ nothing: true })).toEqual([]);
    expect(leaderboardEntries(null)).toEqual([]);
  });
});

describe('sameSiteAvatar', () => {
  const origin = 'http://127.0.0.1:4321';
  it('accepts same-origin absolute and relative URLs', () => {
    expect(sameSiteAvatar('http://127.0.0.1:4321/media/a.svg', origin)).toBe('http://127.0.0.1:4321/media/a.svg');
    expect(sameSiteAvatar('/media/a.svg', origin)).toBe('http://127.0.0.1:4321/media/a.svg');
  });
  it('refuses other hosts, ports, schemes and garbage', () => {
    expect(sameSiteAvatar('https://evil.example/pixel.png', origin)).toBeNull();
    expect(sameSiteAvatar('http://127.0.0.1:9999/a.svg', origin)).toBeNull();
    expect(sameSiteAvatar('//evil.example/a.png', origin)).toBeNull();
    expect(sameSiteAvatar('javascript:alert(1)', origin)).toBeNull();
    expect(sameSiteAvatar('data:image/png;base64,AAAA', origin)).toBeNull();
    expect(sameSiteAvatar(null, origin)).toBeNull();
  });
});

describe('initials and profile names', () => {
  it('takes two letters', () => {
    expect(initials('night_owl-bot')).toBe('NO');
    expect(initials('alpha')).toBe('AL');
    expect(initials('x')).toBe('X');
  });
  it('links profiles by fragment, encoded', () => {
    expect(profileHref('gold-star')).toBe('/agents#gold-star');
    expect(profileHref('a b')).toBe('/agents#a%20b');
  });
  it('reads the name from the query, then the fragment', () => {
    expect(requestedAgentName('?name=Alpha', '#beta')).toBe('Alpha');
    expect(requestedAgentName('', '#beta-bot')).toBe('beta-bot');
    expect(requestedAgentName('', '')).toBeNull();
    expect(requestedAgentName('', '#%E0%A4%A')).toBe('%E0%A4%A');
  });
});

/** The error-log badge stops at 99 (spec §9 "Log badge maximum 99"). */
export const BADGE_MAX = 99

export const badgeText = (n: number): string => (n > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.max(0, Math.floor(n))))

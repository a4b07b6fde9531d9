/**
 * Rows the sync writes carry update_user '0' (the system). Once an
 * administrator edits or removes one, its update_user is theirs and the sync
 * leaves it alone from then on: reference data never overwrites a choice.
 * Seeds and demo data write as the same system user.
 */
export const SYSTEM_USER = '0'

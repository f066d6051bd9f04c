/**
 * Every server test file (vitest.config.ts): new password hashes cost N = 1024 instead of the
 * deployment's 16384 (modules/auth/password.ts) — the tests hash thousands of passwords.
 */
import { lowerScryptCostForTests } from './modules/auth/password'

lowerScryptCostForTests()

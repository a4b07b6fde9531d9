import { describe, expect, it } from 'vitest'
import { frameAddress } from './frame-address'
import { greetingKey } from './greeting'

describe('embedded frame address', () => {
  it('takes an encoded http(s) address', () => {
    expect(frameAddress(encodeURIComponent('http://localhost:8080/api/health'))).toBe(
      'http://localhost:8080/api/health',
    )
    expect(frameAddress(encodeURIComponent('https://example.org/a?b=1&c=2'))).toBe('https://example.org/a?b=1&c=2')
    // As the router hands it over: decoded except for the slashes.
    expect(frameAddress('https:%2F%2Fexample.org%2Fdocs')).toBe('https://example.org/docs')
  })

  it('refuses every other scheme and garbage', () => {
    expect(frameAddress(encodeURIComponent('javascript:alert(1)'))).toBeNull()
    expect(frameAddress(encodeURIComponent('data:text/html,<b>x</b>'))).toBeNull()
    expect(frameAddress(encodeURIComponent('file:///etc/passwd'))).toBeNull()
    expect(frameAddress('not a url')).toBeNull()
    expect(frameAddress('%E0%A4%A')).toBeNull()
    expect(frameAddress(undefined)).toBeNull()
  })
})

describe('welcome greeting', () => {
  it('greets by the hour', () => {
    expect(greetingKey(3)).toBe('night')
    expect(greetingKey(9)).toBe('morning')
    expect(greetingKey(14)).toBe('afternoon')
    expect(greetingKey(20)).toBe('evening')
  })
})

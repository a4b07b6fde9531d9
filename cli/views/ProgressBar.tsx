import { Box, Text } from 'ink'

/** A bar for long work: `value` from 0 to 1, with the current step's label. */
export function ProgressBar({ value, label, width = 30 }: { value: number; label: string; width?: number }) {
  const filled = Math.round(Math.max(0, Math.min(1, value)) * width)
  return (
    <Box>
      <Text color="cyan">{'█'.repeat(filled)}</Text>
      <Text color="gray">{'░'.repeat(width - filled)}</Text>
      <Text>
        {' '}
        {String(Math.round(value * 100)).padStart(3)}% {label}
      </Text>
    </Box>
  )
}

import { Text } from 'ink'

export const Success = ({ text }: { text: string }) => <Text color="green">✔ {text}</Text>
export const Failure = ({ text }: { text: string }) => <Text color="red">✘ {text}</Text>

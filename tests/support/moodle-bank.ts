/** A Moodle XML bank of `n` questions (multichoice with partial credit, true/false, shortanswer, cloze) for load tests and benches. */
export function moodleBank(n: number): string {
  const q: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>']
  q.push('<question type="category"><category><text>$course$/top/Load</text></category></question>')
  for (let i = 0; i < n; i++) {
    const stem = `<questiontext format="html"><text><![CDATA[<p>Question ${i}: <b>pick</b> the right ones</p>]]></text></questiontext>`
    const name = `<name><text>load ${i}</text></name>`
    if (i % 4 === 0)
      q.push(
        `<question type="multichoice">${name}${stem}<single>false</single>` +
          `<answer fraction="33.33333"><text>a${i}</text></answer><answer fraction="33.33333"><text>b${i}</text></answer>` +
          `<answer fraction="33.33333"><text>c${i}</text></answer><answer fraction="-50"><text>d${i}</text></answer></question>`,
      )
    else if (i % 4 === 1)
      q.push(
        `<question type="truefalse">${name}${stem}<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`,
      )
    else if (i % 4 === 2)
      q.push(
        `<question type="shortanswer">${name}${stem}<answer fraction="100"><text>x${i}</text></answer><answer fraction="100"><text>y${i}</text></answer></question>`,
      )
    else
      q.push(
        `<question type="cloze">${name}<questiontext format="html"><text>Q${i} {1:SA:=Paris~=paris} and {1:MC:=Rome~Oslo}</text></questiontext></question>`,
      )
  }
  q.push('</quiz>')
  return q.join('\n')
}

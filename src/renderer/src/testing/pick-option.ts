/** Choosing in an antd Select the way a user does: open the dropdown, click the option. */
import { fireEvent, screen, waitFor } from '@testing-library/react'

/** Opens the Select labelled `label` and clicks its option `option` (waiting for both to show). */
export async function pickOption(label: string, option: string): Promise<void> {
  fireEvent.mouseDown(await screen.findByLabelText(label))
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (el) => el.textContent === option,
    )
    if (!found) throw new Error(`no option ${option}`)
    return found
  })
  fireEvent.click(item)
}

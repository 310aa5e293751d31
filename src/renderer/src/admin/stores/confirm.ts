/** One confirmation dialog for the whole page: `ask()` resolves true (confirmed) or false (cancelled). */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export interface Question {
  text: string
  /** The confirm button's label; the default is "Да"/"Yes". */
  confirm?: string
  danger?: boolean
}

export const useConfirmStore = defineStore('admin-confirm', () => {
  const question = ref<Question | null>(null)
  let resolver: ((yes: boolean) => void) | null = null

  function ask(q: Question): Promise<boolean> {
    resolver?.(false)
    question.value = q
    return new Promise<boolean>((resolve) => {
      resolver = resolve
    })
  }
  function answer(yes: boolean): void {
    const r = resolver
    resolver = null
    question.value = null
    r?.(yes)
  }
  return { question, ask, answer }
})

/**
 * Loads a section's data when it is shown: on mount, when it comes back into view (KeepAlive), and when
 * something changed the whole database (the status store's generation).
 */
import { onActivated, onMounted, watch } from 'vue'
import { useStatusStore } from '../stores/status'

export function useReload(load: () => Promise<void> | void): void {
  const status = useStatusStore()
  let mounted = false
  onMounted(() => {
    mounted = true
    void load()
  })
  let firstActivation = true
  onActivated(() => {
    if (firstActivation) {
      firstActivation = false
      if (mounted) return
    }
    void load()
  })
  watch(
    () => status.generation,
    () => void load(),
  )
}

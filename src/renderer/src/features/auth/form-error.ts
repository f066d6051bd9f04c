/** Navigation state the register page hands to the login page. */
export interface LoginLocationState {
  registered?: string
}

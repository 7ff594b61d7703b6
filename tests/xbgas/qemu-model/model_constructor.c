/* Installs the single-PE xBGAS model in a C program before main runs, after picolibc's start-up
 * code has set up its own trap handler (which the model then forwards other traps to). */
void xbgas_model_install(void);

__attribute__((constructor)) static void install_xbgas_model(void) {
    xbgas_model_install();
}

#ifndef ARTFEED_CLIBXML2_SHIM_H
#define ARTFEED_CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU, and its encoding.h then includes the system's
   <unicode/ucnv.h>. Those ICU types clash with Foundation's own copy of ICU (_FoundationICU)
   in any Swift file that imports both: a clean build fails on `UErrorCode`. FeedCore never
   touches libxml2's encoding handlers (it decodes input itself and only holds handler
   pointers), so the ICU part of the header is switched off here. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/encoding.h>
#include <libxml/HTMLparser.h>

/* libxml2's generic error channel takes a variadic function, which Swift cannot define.
   FeedCore collects parse errors through the structured handler; this silences the rest
   (the generic channel would otherwise print to stderr, which the terminal UI owns). */
static inline void artfeed_ignore_generic_error(void *context, const char *message, ...) {
  (void)context;
  (void)message;
}

static inline void artfeed_silence_generic_errors(void) {
  xmlSetGenericErrorFunc(NULL, artfeed_ignore_generic_error);
}
#endif

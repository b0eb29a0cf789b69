#include "wt_message.h"
#include <stdarg.h>
#include <stdio.h>

void wt_message_set(wt_message *message, const char *format, ...) {
    if (message == NULL) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message->text, sizeof message->text, format, arguments);
    va_end(arguments);
}

void wt_message_clear(wt_message *message) {
    if (message != NULL) message->text[0] = '\0';
}

int wt_message_is_set(const wt_message *message) {
    return message != NULL && message->text[0] != '\0';
}

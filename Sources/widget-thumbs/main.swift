import Glibc

exit(WidgetThumbs.main(CommandLine.arguments, console: Console()).rawValue)

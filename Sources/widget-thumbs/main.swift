import WidgetThumbnails
print("widget-thumbs: placeholder")
